import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../lib/clock';
import { SmsDeliveryError, type SmsSender } from './sms';

/** The test sink: one JSON line {"phone","text","code","at"} per message appended to the outbox file. */
export function createFileSms(outbox: string, clock: Clock): SmsSender {
  let isDirReady = false;
  return {
    provider: 'file',
    async send({ phone, text, code }) {
      try {
        if (!isDirReady) {
          await mkdir(path.dirname(outbox), { recursive: true });
          isDirReady = true;
        }
        const line = JSON.stringify({ phone, text, code, at: new Date(clock.now()).toISOString() });
        // One write of one line with O_APPEND: lines of concurrent sends never interleave.
        await appendFile(outbox, `${line}\n`, { encoding: 'utf8', flag: 'a' });
      } catch (error) {
        throw new SmsDeliveryError(`cannot append to the SMS outbox ${outbox}`, { cause: error });
      }
    },
  };
}
