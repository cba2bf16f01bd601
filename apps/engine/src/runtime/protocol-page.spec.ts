/**
 * The protocol page (docs/engine-protocol.md) lists what a team's engine needs from the code that defines
 * it: each command kind's payload, section, live event and states; the failure texts; the log event
 * types; the defaults (the columns an engine must write: packages/schema's protocol-page.spec.ts). Those
 * sections sit between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` and are rendered here;
 * the test fails when the page says something else. UPDATE_DOCS=1 writes them into the page instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_COMMAND_EFFECTS,
  ENGINE_COMMAND_KINDS,
  ENGINE_COMMAND_PAYLOADS,
  ENGINE_COMMAND_RESOURCES,
  ENGINE_FAILURE_TEXTS,
  ENGINE_HEARTBEAT_STALE_SECONDS,
  ENGINE_LOG_EVENTS,
  PAYLOAD_VALUE_KINDS,
  type PayloadField,
} from '@console/contracts';
import { DEFAULT_FILL_SETTINGS } from '../fills/fills';
import { MINUTE_MS } from '../market/candle';
import { RUN_EVENT_KINDS } from '../strategy/lifecycle';
import { DEFAULT_FAST_CATCH_UP_MINUTES } from './clock';
import { runEventLogName, runEventLogType } from './engine-state';

const PAGE = join(__dirname, '../../../../docs/engine-protocol.md');

const code = (text: string) => `\`${text}\``;
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function payloadCell(fields: Record<string, PayloadField>): string {
  const entries = Object.entries(fields);
  if (!entries.length) return code('{}');
  return entries.map(([name, field]) => `${code(name)} ${PAYLOAD_VALUE_KINDS[field.kind]}${field.required ? '' : ' (optional)'}`).join(', ');
}

const commands = () =>
  table(
    ['Kind', 'Target', 'Payload', 'Section', 'Live event resource', 'Pending → done'],
    ENGINE_COMMAND_KINDS.map((kind) => {
      const effect = ENGINE_COMMAND_EFFECTS[kind];
      return [code(kind), effect.target, payloadCell(ENGINE_COMMAND_PAYLOADS[kind]), code(effect.section), code(ENGINE_COMMAND_RESOURCES[kind]), effect.quiet ? '(leaves the action_state)' : `${effect.pending} → ${effect.done}`];
    }),
  );

const failures = () =>
  table(
    ['Name', 'Text'],
    Object.entries(ENGINE_FAILURE_TEXTS).map(([name, text]) => [code(name), text]),
  );

const LOG_TYPE_NOTE = { restrictions: 'when the MM profile refused it' } as const;

/** Each run event is a log row (runEventLogName, runEventLogType), then the runtime's and the risk triggers' own. */
const logEvents = () => {
  const runEvents = new Map<string, string[]>();
  for (const kind of RUN_EVENT_KINDS) {
    const types = [runEventLogType(kind), runEventLogType(kind, 'canceled_by_mmsp')];
    const shown = [...new Set(types)].map((type, i) => (i === 0 ? code(type) : `${code(type)} ${LOG_TYPE_NOTE[type as keyof typeof LOG_TYPE_NOTE] ?? ''}`.trim()));
    runEvents.set(runEventLogName(kind), [...new Set([...(runEvents.get(runEventLogName(kind)) ?? []), ...shown])]);
  }
  return table(
    ['event_type', 'type', 'Written when'],
    [
      ...[...runEvents].map(([name, types]) => [code(name), types.join('; '), name === ENGINE_LOG_EVENTS.signalReceived ? 'a signal started or was queued' : `the signal's run: ${name.replace(/_/g, ' ')}`]),
      [code(ENGINE_LOG_EVENTS.signalAdopted), '`general`', 'an open signal another writer made was taken over'],
      [code(ENGINE_LOG_EVENTS.riskTriggerFired), '`restrictions`', 'a risk trigger fired'],
      [code(ENGINE_LOG_EVENTS.riskTriggerReleased), '`restrictions`', 'a risk trigger let go'],
      [code(ENGINE_LOG_EVENTS.riskTriggerReduced), '`restrictions`', 'Hard Risk Control reduced positions'],
      [code(ENGINE_LOG_EVENTS.riskTriggerClosed), '`restrictions`', 'Hard Risk Control closed positions'],
    ],
  );
};

const percent = (rate: { times: (n: number) => { toFixed: () => string } }) => `${rate.times(100).toFixed()} %`;
const defaults = () =>
  table(
    ['What', 'Default'],
    [
      ['Heartbeat older than this: health says `engine: down`', `${ENGINE_HEARTBEAT_STALE_SECONDS} s`],
      ['Market minute (`ENGINE_MINUTE_MS`)', `${MINUTE_MS} ms`],
      ['Catch-up with a fast clock (`ENGINE_CATCH_UP_MINUTES`)', `${DEFAULT_FAST_CATCH_UP_MINUTES} minutes (0 on the real clock)`],
      ['Maker fee / taker fee', `${percent(DEFAULT_FILL_SETTINGS.maker_fee_rate)} / ${percent(DEFAULT_FILL_SETTINGS.taker_fee_rate)}`],
      ['Slippage, capped at', `${percent(DEFAULT_FILL_SETTINGS.slippage_rate)}, ${percent(DEFAULT_FILL_SETTINGS.max_slippage_rate)}`],
    ],
  );

const SECTIONS: Record<string, () => string> = { commands, failures, 'log-events': logEvents, defaults };

const marker = (name: string) => new RegExp(`(<!-- generated:${name} -->\\n)([\\s\\S]*?)(\\n<!-- /generated:${name} -->)`);

describe('the protocol page', () => {
  it('lists what the engine and the contracts define, section by section', () => {
    let page = readFileSync(PAGE, 'utf8');
    const stale: string[] = [];
    for (const [name, render] of Object.entries(SECTIONS)) {
      const found = marker(name).exec(page);
      if (!found) {
        stale.push(`${name}: no <!-- generated:${name} --> section`);
        continue;
      }
      if (found[2] !== render()) stale.push(`${name}: differs from the code`);
      page = page.replace(marker(name), (_all, open: string, _body: string, close: string) => `${open}${render()}${close}`);
    }
    if (process.env.UPDATE_DOCS === '1') writeFileSync(PAGE, page);
    else expect(stale, 'docs/engine-protocol.md is stale: run this test with UPDATE_DOCS=1').toEqual([]);
  });
});
