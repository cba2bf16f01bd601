import { Injectable } from '@nestjs/common';

/**
 * The time that time-step checks read (authenticator codes), in milliseconds since the epoch. One
 * injectable, so a test can pin it and a 30-second boundary cannot fall inside a test.
 */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
