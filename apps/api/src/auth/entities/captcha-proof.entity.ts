import { Column, Entity, PrimaryColumn } from 'typeorm';

export type CaptchaProofKind = 'pass' | 'solution';

/** A passed bot-check ('pass', redeemed by login) or a spent ALTCHA solution ('solution', never accepted again). */
@Entity('captcha_proofs')
export class CaptchaProof {
  @PrimaryColumn({ type: 'char', length: 64 })
  proof_hash!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: CaptchaProofKind;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at!: Date | null;
}
