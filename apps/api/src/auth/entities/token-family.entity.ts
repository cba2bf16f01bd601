import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('token_families')
export class TokenFamily {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'integer' })
  user_id!: number;

  @Column({ type: 'boolean' })
  second_factor_passed!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  revoked_reason!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
