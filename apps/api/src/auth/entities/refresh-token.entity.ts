import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A refresh token, stored only as its SHA-256 hash; single use. */
@Entity('refresh_tokens')
export class RefreshToken {
  @PrimaryColumn({ type: 'char', length: 64 })
  token_hash!: string;

  @Column({ type: 'uuid' })
  family_id!: string;

  @Column({ type: 'timestamptz' })
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
