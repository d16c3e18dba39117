import { describe, expect, it } from 'vitest';
import { countedSms } from './counted-sms';
import { SmsDeliveryError, type SmsSender } from './sms';

describe('countedSms', () => {
  const message = { phone: '+79000000000', text: 'Код', code: '1234' };

  it('counts what the gateway accepted and what it refused, and passes the refusal on', async () => {
    const counts = { sent: 0, failed: 0 };
    const counters = { smsSent: () => (counts.sent += 1), smsFailed: () => (counts.failed += 1) };
    let isDown = false;
    const gateway: SmsSender = {
      provider: 'smsru',
      send: async () => {
        if (isDown) throw new SmsDeliveryError('gateway down');
      },
    };
    const sender = countedSms(gateway, counters);
    expect(sender.provider).toBe('smsru');
    await sender.send(message);
    await sender.send(message);
    isDown = true;
    await expect(sender.send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(counts).toEqual({ sent: 2, failed: 1 });
  });
});
