import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CaptchaLevel, CaptchaVerifyAnswer, RecaptchaChallenge, SIGN_IN_LIMITS } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { randomToken, sha256 } from '../common/crypto/secrets';
import { CaptchaProofsRepository } from './captcha-proofs.repository';

/** A passed bot-check is redeemable by one login within this time. */
const CAPTCHA_PASS_TTL_SECONDS = 120;
const CHALLENGE_TTL_SECONDS = 300;
/** ALTCHA v2 proof of work: the browser hashes counters with SHA-256 until it finds the signed key. */
const ALTCHA_ALGORITHM = 'SHA-256';

export type CaptchaChallenge = { provider: 'off' } | RecaptchaChallenge | ({ provider: 'altcha' } & Challenge);

/**
 * The bot-check before sign-in. ALTCHA (self-hosted proof of work) by default, reCAPTCHA when
 * configured, or off for development. A pass yields a single-use captcha_token that login redeems.
 */
@Injectable()
export class CaptchaService implements OnModuleInit {
  private readonly logger = new Logger('Captcha');
  private readonly hmacKey: string;
  private readonly hmacKeySignatureKey: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly proofs: CaptchaProofsRepository,
  ) {
    // A key of its own, derived so that it never equals the token-signing secret.
    this.hmacKey = createHmac('sha256', config.jwtSecret).update('altcha').digest('hex');
    this.hmacKeySignatureKey = createHmac('sha256', config.jwtSecret).update('altcha-key').digest('hex');
  }

  onModuleInit(): void {
    if (this.config.captchaProvider === 'off') this.logger.warn('CAPTCHA_PROVIDER=off: sign-in has no bot-check. Use it only in development.');
  }

  get enabled(): boolean {
    return this.config.captchaProvider !== 'off';
  }

  /** Whether the check has a costlier level: only ALTCHA's proof of work can be made to cost more. */
  get hasLevels(): boolean {
    return this.config.captchaProvider === 'altcha';
  }

  async challenge(level: CaptchaLevel = 'usual'): Promise<CaptchaChallenge> {
    if (this.config.captchaProvider === 'off') return { provider: 'off' };
    // The SPA renders Google's widget with the site key, then verifies its answer here.
    if (this.config.captchaProvider === 'recaptcha') return { provider: 'recaptcha', site_key: this.config.recaptchaSiteKey };
    // Deterministic mode: the server picks the counter, so the work is known (the solver counts up to it)
    // and varies around CAPTCHA_WORK so that no two challenges cost exactly the same.
    const work = this.config.captchaWork * (level === 'harder' ? SIGN_IN_LIMITS.harderWorkFactor : 1);
    const challenge = await createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 1,
      counter: randomInt(Math.ceil(work / 2), Math.ceil(work * 1.5)),
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.hmacKeySignatureKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    });
    return { provider: 'altcha', ...challenge };
  }

  async verify(response: string): Promise<CaptchaVerifyAnswer> {
    const passed = await this.check(response ?? '');
    if (!passed) return { is_robot: true, captcha_token: null };
    const token = randomToken();
    await this.proofs.addPass(this.dataSource, sha256(token), CAPTCHA_PASS_TTL_SECONDS, passed);
    return { is_robot: false, captcha_token: token };
  }

  /**
   * Spends a captcha_token of at least `level`; true only once, and only within its lifetime. Always
   * true when the check is off.
   */
  async redeem(token: string | undefined, level: CaptchaLevel = 'usual'): Promise<boolean> {
    if (!this.enabled) return true;
    if (!token) return false;
    return this.proofs.redeemPass(this.dataSource, sha256(token), level);
  }

  /** The level the answer proves, or null when it proves nothing. */
  private async check(response: string): Promise<CaptchaLevel | null> {
    switch (this.config.captchaProvider) {
      case 'off':
        return 'usual';
      case 'altcha':
        return this.checkAltcha(response);
      case 'recaptcha':
        return (await this.checkRecaptcha(response)) ? 'usual' : null;
    }
  }

  private async checkAltcha(response: string): Promise<CaptchaLevel | null> {
    const payload = altchaPayloadOf(response);
    if (!payload) return null;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.hmacKeySignatureKey,
    }).catch(() => null);
    if (!result?.verified) return null;
    // A solved challenge is accepted once: its signature is remembered until it would expire anyway.
    if (!(await this.proofs.acceptSolutionOnce(this.dataSource, sha256(`altcha:${payload.challenge.signature}`), CHALLENGE_TTL_SECONDS))) return null;
    // The counter is the work done (the signed key was derived from it): a harder challenge's lowest
    // counter is the harder level's floor, which no usual challenge reaches.
    const harderFloor = Math.ceil((this.config.captchaWork * SIGN_IN_LIMITS.harderWorkFactor) / 2);
    return payload.solution.counter >= harderFloor ? 'harder' : 'usual';
  }

  private async checkRecaptcha(response: string): Promise<boolean> {
    if (!response) return false;
    try {
      const res = await fetch(this.config.recaptchaVerifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.config.recaptchaSecret, response }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { success?: boolean };
      return res.ok && body.success === true;
    } catch (error) {
      this.logger.error(`reCAPTCHA verification failed: ${(error as Error).message}`);
      return false;
    }
  }
}

/** The widget's answer: base64 of JSON {challenge, solution}; null when it is not that shape. */
function altchaPayloadOf(response: string): Payload | null {
  if (!response) return null;
  try {
    const parsed = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as Partial<Payload> | null;
    const { challenge, solution } = parsed ?? {};
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}
