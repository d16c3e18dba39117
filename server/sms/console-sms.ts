import type { SmsSender } from './sms';

/**
 * The development sink: prints the message to the terminal instead of sending it. It writes to stdout
 * directly, not through the logger, so codes never reach log files or log shipping (see ADR 005).
 */
export function createConsoleSms(
  write: (line: string) => void = (line) => process.stdout.write(line),
): SmsSender {
  return {
    provider: 'console',
    async send({ phone, text }) {
      write(`[SMS → ${phone}] ${text}\n`);
    },
  };
}
