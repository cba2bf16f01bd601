/**
 * What the market model knows about a pair: its base and quote coin, the price it starts from, how
 * much it moves and trades, and its tick. Start prices sit near real levels (BTC tens of thousands, ETH
 * thousands, SOL and LTC tens to hundreds, DOGE cents); an unknown coin gets a stable price of its own
 * between 0.1 and 100 from its name.
 */
import { REFERENCE_PRICES_USD } from '@console/contracts';
import { hashText } from './prng';

export interface CoinProfile {
  /** Price in USD at the model's epoch. */
  startPrice: number;
  /** Yearly volatility of the log price (0.6 = 60 %). */
  annualVolatility: number;
  /** Typical traded value per minute, USD. */
  minuteQuoteVolume: number;
}

/** How much each known coin moves and trades; its start price is the contracts' reference price. */
const COIN_MOVES: Readonly<Record<string, Omit<CoinProfile, 'startPrice'>>> = {
  BTC: { annualVolatility: 0.6, minuteQuoteVolume: 2_000_000 },
  ETH: { annualVolatility: 0.75, minuteQuoteVolume: 1_000_000 },
  BNB: { annualVolatility: 0.65, minuteQuoteVolume: 150_000 },
  SOL: { annualVolatility: 1, minuteQuoteVolume: 400_000 },
  LTC: { annualVolatility: 0.8, minuteQuoteVolume: 60_000 },
  AVAX: { annualVolatility: 1, minuteQuoteVolume: 60_000 },
  LINK: { annualVolatility: 0.9, minuteQuoteVolume: 60_000 },
  DOT: { annualVolatility: 0.9, minuteQuoteVolume: 40_000 },
  TON: { annualVolatility: 0.9, minuteQuoteVolume: 30_000 },
  XRP: { annualVolatility: 0.9, minuteQuoteVolume: 200_000 },
  ADA: { annualVolatility: 0.9, minuteQuoteVolume: 60_000 },
  DOGE: { annualVolatility: 1.1, minuteQuoteVolume: 200_000 },
  TRX: { annualVolatility: 0.6, minuteQuoteVolume: 30_000 },
  SHIB: { annualVolatility: 1.2, minuteQuoteVolume: 50_000 },
};

export const COIN_PROFILES: Readonly<Record<string, CoinProfile>> = Object.fromEntries(
  Object.entries(COIN_MOVES).map(([coin, moves]) => [coin, { startPrice: REFERENCE_PRICES_USD[coin], ...moves }]),
);

/** Quote coins a ticker may end with, longest first so FDUSD wins over USD. */
const QUOTE_COINS = ['FDUSD', 'USDT', 'USDC', 'BUSD', 'TUSD', 'USD', 'EUR', 'BTC', 'ETH', 'BNB'] as const;
/** Quote coins worth one US dollar in the model. */
const DOLLAR_QUOTES = new Set(['FDUSD', 'USDT', 'USDC', 'BUSD', 'TUSD', 'USD']);
const EUR_IN_USD = 1.08;

export interface Instrument {
  ticker: string;
  base: string;
  quote: string;
  startPrice: number;
  annualVolatility: number;
  /** Typical traded quantity per minute, in the base coin, at the start price. */
  minuteVolume: number;
  /** Decimals of the tick: the tick is 10^-tickDecimals. */
  tickDecimals: number;
  tick: number;
}

/** Base and quote of a ticker such as 'BTCUSDT', 'ETH/BTC' or 'DOGE-USDC'; a bare coin is quoted in USDT. */
export function splitTicker(ticker: string): { base: string; quote: string } {
  const clean = ticker.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const quote = QUOTE_COINS.find((q) => clean.endsWith(q) && clean.length > q.length);
  return quote ? { base: clean.slice(0, -quote.length), quote } : { base: clean, quote: 'USDT' };
}

/** A coin's profile from the table, or a stable made-up one for a coin the table does not know. */
export function coinProfile(coin: string): CoinProfile {
  const known = COIN_PROFILES[coin];
  if (known) return known;
  const u = hashText(coin) / 4294967296;
  return { startPrice: 10 ** (-1 + 3 * u), annualVolatility: 1, minuteQuoteVolume: 20_000 };
}

function usdValue(coin: string): number {
  if (DOLLAR_QUOTES.has(coin)) return 1;
  if (coin === 'EUR') return EUR_IN_USD;
  return coinProfile(coin).startPrice;
}

/**
 * Tick decimals for a price: six significant digits of it (BTC at 60,000 → 0.1, ETH at 3,000 → 0.01,
 * DOGE at 0.15 → 0.000001), at most 12 (the price columns' scale).
 */
export function tickDecimalsFor(price: number): number {
  return Math.min(12, Math.max(0, 5 - Math.floor(Math.log10(price))));
}

export function instrumentOf(ticker: string): Instrument {
  const { base, quote } = splitTicker(ticker);
  const profile = coinProfile(base);
  const startPrice = profile.startPrice / usdValue(quote);
  const tickDecimals = tickDecimalsFor(startPrice);
  return {
    ticker,
    base,
    quote,
    startPrice,
    annualVolatility: profile.annualVolatility,
    minuteVolume: profile.minuteQuoteVolume / profile.startPrice,
    tickDecimals,
    tick: 10 ** -tickDecimals,
  };
}

/** The price rounded to the tick: the double nearest that decimal, so its text is the decimal itself. */
export function roundToTick(price: number, tickDecimals: number): number {
  const scale = 10 ** tickDecimals;
  return Math.round(price * scale) / scale;
}
