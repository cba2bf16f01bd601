/**
 * The multipart body of an import: one or more `files` (each written straight to disk by multer as it
 * arrives, never held in memory), `exchange` and `symbol`. Every refusal is a 400 with the contracts'
 * message, and the files already written are removed.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { CANDLE_FILE_EXTENSIONS, MARKET_DATA_LIMITS, MARKET_DATA_MESSAGES } from '@console/contracts';
import { BadRequestDetail, FieldValidationError, type FieldErrors } from '../common/errors/api-errors';

export interface CandleUpload {
  exchange: string;
  symbol: string;
  /** The folder of this upload's files; removed once the import is done. */
  dir: string;
  files: { name: string; path: string; bytes: number }[];
}

const FIELDS = ['exchange', 'symbol'] as const;

/** A refusal found while the body streams in (multer stops reading and answers the error). */
class UploadRefused extends Error {}

function multerMessage(error: multer.MulterError): string {
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return MARKET_DATA_MESSAGES.fileTooLarge;
    case 'LIMIT_FILE_COUNT':
      return MARKET_DATA_MESSAGES.tooManyFiles;
    case 'LIMIT_UNEXPECTED_FILE':
      return MARKET_DATA_MESSAGES.unknownField(error.field ?? '');
    default:
      return `${MARKET_DATA_MESSAGES.notMultipart} (${error.message})`;
  }
}

function fieldText(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function fieldErrors(exchange: string | undefined, symbol: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (!exchange) errors.exchange = [MARKET_DATA_MESSAGES.exchangeRequired];
  else if (!MARKET_DATA_LIMITS.exchangePattern.test(exchange)) errors.exchange = [MARKET_DATA_MESSAGES.exchangeInvalid];
  if (!symbol) errors.symbol = [MARKET_DATA_MESSAGES.symbolRequired];
  else if (!MARKET_DATA_LIMITS.symbolPattern.test(symbol)) errors.symbol = [MARKET_DATA_MESSAGES.symbolInvalid];
  return errors;
}

/** Reads the request's files into a new folder under `root`; throws the 400 to answer when the body is refused. */
export async function receiveCandleUpload(req: Request, res: Response, root: string): Promise<CandleUpload> {
  if (!req.is('multipart/form-data')) throw new BadRequestDetail(MARKET_DATA_MESSAGES.notMultipart);
  const dir = join(root, randomUUID());
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let count = 0;
  const receive = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_req, _file, done) => done(null, String(count++)) }),
    limits: { files: MARKET_DATA_LIMITS.maxFiles, fileSize: MARKET_DATA_LIMITS.maxFileBytes, fields: 8, fieldSize: 256, parts: MARKET_DATA_LIMITS.maxFiles + 8 },
    fileFilter: (_req, file, done) => {
      const allowed = (CANDLE_FILE_EXTENSIONS as readonly string[]).includes(extname(file.originalname).toLowerCase());
      if (allowed) done(null, true);
      else done(new UploadRefused(MARKET_DATA_MESSAGES.fileType));
    },
  }).array('files', MARKET_DATA_LIMITS.maxFiles);
  try {
    await new Promise<void>((resolve, reject) => receive(req, res, (error: unknown) => (error ? reject(error) : resolve())));
    const unknown = Object.keys((req.body as Record<string, unknown> | undefined) ?? {}).find((name) => !(FIELDS as readonly string[]).includes(name));
    if (unknown) throw FieldValidationError.of(unknown, MARKET_DATA_MESSAGES.unknownField(unknown));
    const exchange = fieldText(req.body, 'exchange');
    const symbol = fieldText(req.body, 'symbol');
    const errors = fieldErrors(exchange, symbol);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    if (!files.length) errors.files = [MARKET_DATA_MESSAGES.noFiles];
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
    return { exchange: exchange!, symbol: symbol!, dir, files: files.map((f) => ({ name: f.originalname, path: f.path, bytes: f.size })) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof multer.MulterError) throw new BadRequestDetail(multerMessage(error));
    if (error instanceof UploadRefused) throw new BadRequestDetail(error.message);
    if (error instanceof FieldValidationError || error instanceof BadRequestDetail) throw error;
    // The server's own trouble (a full disk, a folder it may not write) is not the request's fault.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    // busboy's own refusals of a malformed body (a missing boundary, a cut-off part).
    throw new BadRequestDetail(`${MARKET_DATA_MESSAGES.notMultipart} (${(error as Error).message})`);
  }
}
