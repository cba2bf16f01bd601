import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Group } from '../groups/group.entity';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'text', select: false })
  password_hash!: string;

  @Column({ type: 'boolean', default: true })
  is_active!: boolean;

  @Column({ type: 'integer', nullable: true })
  group_id!: number | null;

  @ManyToOne(() => Group, { nullable: true })
  @JoinColumn({ name: 'group_id' })
  group!: Group | null;

  /** Encrypted with encryptSecret; never returned by any call. */
  @Column({ type: 'text', nullable: true, select: false })
  totp_secret_enc!: string | null;

  @Column({ type: 'boolean', default: false })
  totp_verified!: boolean;

  /** The last accepted time step, so a code cannot be used twice. */
  @Column({ type: 'bigint', nullable: true, select: false })
  totp_last_step!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
