/**
 * Price levels in US dollars near real ones (BTC tens of thousands, ETH thousands, SOL and LTC tens to
 * hundreds, DOGE cents). The paper engine's market model starts its coins there, and the data generator
 * prices its rows near them, so a coin amount never contradicts its price.
 */
export const REFERENCE_PRICES_USD: Readonly<Record<string, number>> = {
  BTC: 60_000,
  ETH: 3_000,
  BNB: 580,
  SOL: 150,
  LTC: 80,
  AVAX: 30,
  LINK: 14,
  DOT: 6,
  TON: 5,
  XRP: 0.6,
  ADA: 0.45,
  DOGE: 0.15,
  TRX: 0.12,
  SHIB: 0.00002,
};
