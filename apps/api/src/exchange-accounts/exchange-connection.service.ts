import { Inject, Injectable } from '@nestjs/common';
import type { Balances } from 'ccxt';
import { EXCHANGE_TRADING_MESSAGES as TM, type ConnectionBalance, type ConnectionTestAnswer } from '@console/contracts';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { decryptSecret } from '../common/crypto/secrets';
import { BadRequestDetail, foundOr404 } from '../common/errors/api-errors';
import { ReadDb } from '../common/database/read-replica';
import { tradingClient } from '@console/engine/runtime';
import { ExchangeAccountsRepository } from './exchange-accounts.repository';
import { AuditService } from '../logs/audit.service';
import type { Principal } from '../access/principal';
import { toAccountDto } from './exchange-accounts.service';

/**
 * "Test connection": ccxt's fetchBalance with the account's decrypted keys, on the exchange's demo or
 * testnet in demo mode (ccxt's sandbox mode), on `api_url` when set. The answer is the exchange's:
 * its balances, or its own message when it refused; the secret never leaves this function.
 */
@Injectable()
export class ExchangeConnectionService {
  constructor(
    private readonly reads: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: ExchangeAccountsRepository,
    private readonly audit: AuditService,
  ) {}

  async test(principal: Principal, id: number): Promise<ConnectionTestAnswer> {
    const account = toAccountDto(foundOr404(await this.accounts.find(this.reads, id)));
    if (account.mode === 'paper') throw new BadRequestDetail(TM.paperHasNoConnection);
    const secret = decryptSecret(foundOr404(await this.accounts.secretOf(this.reads, id)), this.config.encryptionKey);
    const client = tradingClient(account, secret);
    const answer = await client.fetchBalance().then(
      (balance): ConnectionTestAnswer => ({ exchange: account.exchange, mode: account.mode, ok: true, balances: balancesOf(balance), error: null }),
      // The exchange's message (or the network's), with the secret cut out should a message ever echo it.
      (error: Error): ConnectionTestAnswer => ({ exchange: account.exchange, mode: account.mode, ok: false, balances: [], error: error.message.split(secret).join('***') }),
    );
    // The stored secret was used against an exchange: the trail says who did it and what the exchange said.
    await this.audit.write({
      type: 'user',
      event_type: 'exchange_account_connection_tested',
      user_id: principal.userId,
      log_data: { exchange_account_id: id, exchange: account.exchange, mode: account.mode, ok: answer.ok, error: answer.error },
    });
    return answer;
  }
}

// The client the engine's exchange venue trades through (one definition): the test checks it.
export { tradingClient };

/** The currencies holding anything, as decimal strings (ccxt parsed them to numbers; the shortest text gives them back). */
function balancesOf(balance: Balances): ConnectionBalance[] {
  const text = (n: number | undefined | null) => (n === undefined || n === null ? null : String(n));
  return Object.keys(balance.total ?? {})
    .sort()
    .map((currency) => ({ currency, free: text(balance[currency]?.free), used: text(balance[currency]?.used), total: text(balance[currency]?.total) }));
}
