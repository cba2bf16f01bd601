import Bowser from 'bowser';
import { deviceName, SESSION_UI } from '@console/contracts';

export interface DeviceDescription {
  browser: string;
  system: string;
}

/**
 * The browser and the operating system a user agent names, without versions: a browser update is not a
 * new device. An empty or unknown user agent reads as 'Unknown'.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: SESSION_UI.unknown, system: '' };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || SESSION_UI.unknown, system: parsed.os.name ?? '' };
}

/** The name the new-device check compares: browser and system, as a notice writes them. */
export function deviceOf(userAgent: string | null | undefined): string {
  const { browser, system } = describeUserAgent(userAgent);
  return deviceName(browser, system);
}
