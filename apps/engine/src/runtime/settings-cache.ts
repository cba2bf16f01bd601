/**
 * Each profile's strategy settings, read from its row's document once: again only when the document's
 * text changes, and not even compared while the same row object (one refresh) is asked again.
 */
import { readStrategySettings, type StrategySettings } from '../strategy/settings';
import type { ProfileConfig } from './sql/config';

export class SettingsCache {
  private readonly byText = new Map<number, { text: string; settings: StrategySettings | null }>();
  private readonly settingsByRow = new WeakMap<ProfileConfig, StrategySettings | null>();

  of(profile: ProfileConfig): StrategySettings | null {
    // The same profile row (one refresh) gives the same settings: compared as text only once per refresh.
    const known = this.settingsByRow.get(profile);
    if (known !== undefined) return known;
    const text = JSON.stringify(profile.settings);
    const cached = this.byText.get(profile.id);
    let settings: StrategySettings | null = null;
    if (cached && cached.text === text) settings = cached.settings;
    else {
      try {
        settings = readStrategySettings(profile.settings);
      } catch {
        // A document the validator refuses trades nothing; its open signals keep their last settings.
      }
      this.byText.set(profile.id, { text, settings });
    }
    this.settingsByRow.set(profile, settings);
    return settings;
  }
}
