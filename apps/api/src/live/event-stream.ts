import type { Request, Response } from 'express';
import type { LiveSink } from './live-connection';

/**
 * Starts a Server-Sent Events answer and hands it over as a LiveSink. `X-Accel-Buffering: no` tells
 * nginx not to buffer it, `no-transform` keeps proxies from compressing it (a compressor would hold
 * events back until its buffer fills); the API itself compresses nothing.
 */
export function openEventStream(req: Request, res: Response): LiveSink {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  // The connection ends with its stream: a stream ended for a slow client must not idle on as keep-alive.
  res.setHeader('Connection', 'close');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  return {
    write: (chunk) => res.write(chunk),
    pendingBytes: () => res.writableLength,
    end: () => res.end(),
    destroy: () => res.destroy(),
    onClose: (listener) => res.once('close', listener),
  };
}
