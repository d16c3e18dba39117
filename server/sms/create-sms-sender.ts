import path from 'node:path';
import { type Config, ConfigError } from '../config';
import type { Clock } from '../lib/clock';
import { createConsoleSms } from './console-sms';
import { createFileSms } from './file-sms';
import { createSmsc, createSmsRu } from './http-sms';
import type { SmsSender } from './sms';

export type SmsConfig = Pick<
  Config,
  | 'SMS_PROVIDER'
  | 'SMS_OUTBOX'
  | 'SMS_SENDER'
  | 'SMSRU_API_ID'
  | 'SMSRU_URL'
  | 'SMSC_LOGIN'
  | 'SMSC_PASSWORD'
  | 'SMSC_URL'
  | 'dataDir'
>;

/** The configured provider; a gateway without its credentials stops the start, naming the variable. */
export function createSmsSender(config: SmsConfig, clock: Clock): SmsSender {
  switch (config.SMS_PROVIDER) {
    case 'console':
      return createConsoleSms();
    case 'file':
      return createFileSms(
        path.resolve(config.SMS_OUTBOX ?? path.join(config.dataDir, 'sms-outbox.jsonl')),
        clock,
      );
    case 'smsru':
      if (!config.SMSRU_API_ID)
        throw new ConfigError('Invalid configuration:\n  SMSRU_API_ID: required when SMS_PROVIDER=smsru');
      return createSmsRu({ url: config.SMSRU_URL, apiId: config.SMSRU_API_ID, sender: config.SMS_SENDER });
    case 'smsc':
      if (!config.SMSC_LOGIN || !config.SMSC_PASSWORD) {
        throw new ConfigError(
          'Invalid configuration:\n  SMSC_LOGIN, SMSC_PASSWORD: required when SMS_PROVIDER=smsc',
        );
      }
      return createSmsc({
        url: config.SMSC_URL,
        login: config.SMSC_LOGIN,
        password: config.SMSC_PASSWORD,
        sender: config.SMS_SENDER,
      });
  }
}
