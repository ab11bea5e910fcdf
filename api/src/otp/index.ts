import type { AppConfig } from '../config';
import { ConsoleOtpSender } from './console';
import { HttpOtpSender } from './http';
import { OutboxOtpSender } from './outbox';
import type { OtpSender } from './types';

export function createOtpSender(config: AppConfig['otp']): OtpSender {
  switch (config.sender) {
    case 'outbox':
      return new OutboxOtpSender(config.outboxFile);
    case 'http':
      return new HttpOtpSender(config.httpUrl!, config.httpToken);
    default:
      return new ConsoleOtpSender();
  }
}

export * from './types';
export { ConsoleOtpSender, HttpOtpSender, OutboxOtpSender };
export { MemoryOtpSender } from './memory';
