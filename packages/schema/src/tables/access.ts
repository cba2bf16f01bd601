/**
 * Users, groups and sign-in material.
 */
import { type ApiTokenPerm, type Perm } from '@console/contracts';
import { bigint, boolean, char, integer, jsonb, text, timestamptz, uuid, varchar } from '../column';

export const ACCESS_TABLES = {
  users: {
    id: integer().defaulted(),
    email: varchar(254),
    password_hash: text(),
    is_active: boolean().defaulted(),
    group_id: integer().null(),
    totp_secret_enc: text().null(),
    totp_verified: boolean().defaulted(),
    totp_last_step: bigint().null(),
    created_at: timestamptz().defaulted(),
    updated_at: timestamptz().defaulted(),
  },
  groups: {
    id: integer().defaulted(),
    name: varchar(64),
    perms: jsonb<Perm[]>().defaulted(),
    created_at: timestamptz().defaulted(),
    updated_at: timestamptz().defaulted(),
  },
  token_families: {
    id: uuid(),
    user_id: integer(),
    second_factor_passed: boolean(),
    revoked_at: timestamptz().null(),
    revoked_reason: varchar(32).null(),
    created_at: timestamptz().defaulted(),
    address: varchar(64).defaulted(),
    user_agent: varchar(512).defaulted(),
    last_active_at: timestamptz().defaulted(),
  },
  refresh_tokens: {
    token_hash: char(64),
    family_id: uuid(),
    expires_at: timestamptz(),
    used_at: timestamptz().null(),
    created_at: timestamptz().defaulted(),
  },
  /** Personal API tokens: only the SHA-256 of the token is kept, and the first characters to show. */
  api_tokens: {
    id: integer().defaulted(),
    user_id: integer(),
    name: varchar(64),
    prefix: varchar(16),
    token_hash: char(64),
    perms: jsonb<ApiTokenPerm[]>().defaulted(),
    created_at: timestamptz().defaulted(),
    last_used_at: timestamptz().null(),
    expires_at: timestamptz(),
    revoked_at: timestamptz().null(),
  },
  captcha_proofs: {
    proof_hash: char(64),
    kind: varchar(16),
    expires_at: timestamptz(),
    used_at: timestamptz().null(),
  },
} as const;
