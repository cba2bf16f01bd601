/** Whether a destination URL is one the console may POST to: http or https, with a host. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A Discord channel webhook: `<Discord>/api/webhooks/<id>/<token>`, Discord's address from the config. */
export function isDiscordWebhookUrl(value: string, discordBaseUrl: string): boolean {
  if (!isHttpUrl(value) || !isHttpUrl(discordBaseUrl)) return false;
  const url = new URL(value);
  return url.origin === new URL(discordBaseUrl).origin && /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname) && !url.search;
}
