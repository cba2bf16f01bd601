/** Intents of one pair and minute sent to a venue at that minute's market. */
import type { Execution, ExecutionEvent, Fill, Intent, LimitOrder, Venue, VenueMarket } from './port';

export class VenueExecution implements Execution {
  constructor(
    private readonly venue: Venue,
    private readonly market: VenueMarket,
  ) {}

  submit(intent: Intent): ExecutionEvent {
    switch (intent.kind) {
      case 'place':
        return this.venue.place(intent.order, this.market);
      case 'open':
      case 'exit':
        return { kind: 'filled', fill: this.venue.atMarket(intent.direction, intent.quantity, this.market) };
      case 'cancel':
        return this.venue.cancel(intent.order);
    }
  }

  fillOf(order: LimitOrder): Fill | null {
    return this.venue.match(order, this.market);
  }
}
