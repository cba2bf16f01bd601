import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LogType } from '@console/contracts';

@Entity('logs')
export class LogEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'varchar', length: 16 })
  type!: LogType;

  @Column({ type: 'varchar', length: 64 })
  event_type!: string;

  @Column({ type: 'integer', nullable: true })
  user_id!: number | null;

  @Column({ type: 'bigint', nullable: true })
  signal_id!: string | null;

  @Column({ type: 'integer', nullable: true })
  pair_id!: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  pair_name!: string | null;

  @Column({ type: 'integer', nullable: true })
  profile_id!: number | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  profile_title!: string | null;

  @Column({ type: 'bigint', nullable: true })
  order_id!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  log_data!: Record<string, unknown>;
}
