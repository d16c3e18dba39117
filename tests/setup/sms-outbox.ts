/** Reads the file SMS provider's outbox: one JSON line {"phone","text","code","at"} per message. */
import { readFile } from 'node:fs/promises';

export type OutboxMessage = { phone: string; text: string; code: string; at: string };

export async function readSmsOutbox(file: string): Promise<OutboxMessage[]> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** The code of the last message sent to a phone (+7XXXXXXXXXX), or undefined when none was sent. */
export async function lastCodeFor(file: string, phone: string): Promise<string | undefined> {
  const messages = await readSmsOutbox(file);
  return messages.filter((message) => message.phone === phone).at(-1)?.code;
}
