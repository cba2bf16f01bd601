import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, isBigId, isId, isPage, isStorableText, parseWholeNumber } from './input';

describe('ids and pages', () => {
  it('takes whole numbers from 1 to the bound, as numbers or digit strings', () => {
    expect(parseWholeNumber('42', INPUT_LIMITS.idMax)).toBe(42);
    expect(parseWholeNumber(2_147_483_647, INPUT_LIMITS.idMax)).toBe(2_147_483_647);
    for (const bad of ['2147483648', 2_147_483_648, 0, '0', -1, '-1', 1.5, '1.5', '1e3', 1e300, '0x10', '', ' 1', 'abc', null, true, [], NaN, Infinity]) {
      expect(parseWholeNumber(bad, INPUT_LIMITS.idMax)).toBeNull();
    }
  });

  it('takes bigint ids past 2^31-1 up to the largest exact JSON number', () => {
    expect(isBigId(2_147_483_648)).toBe(true);
    expect(isBigId(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isBigId(2 ** 53)).toBe(false);
    expect(isId(2_147_483_648)).toBe(false);
    expect(parseWholeNumber('9007199254740991', INPUT_LIMITS.bigIdMax)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseWholeNumber('9007199254740992', INPUT_LIMITS.bigIdMax)).toBeNull();
  });

  it('bounds pages by pageMax', () => {
    expect(isPage(INPUT_LIMITS.pageMax)).toBe(true);
    expect(isPage(INPUT_LIMITS.pageMax + 1)).toBe(false);
    expect(isPage(1e17)).toBe(false);
    expect(isId('5')).toBe(false);
    expect(isId(5)).toBe(true);
  });
});

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, keeps everything else', () => {
    expect(isStorableText('plain, ünïcödé, 日本語, 😀, tab\tand\nnewline')).toBe(true);
    for (const bad of ['a\u0000b', '\u0000', '\ud800', 'x\ud800', '\udc00x', '\ud83d\ud83d\ude00'.slice(0, 2)]) {
      expect(isStorableText(bad)).toBe(false);
    }
  });
});
