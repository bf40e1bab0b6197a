// What the playground asks of every part drawn from a query's model (the step header, the
// timeline, the changelog, the result table, the state, the data, the timeline table, the
// events and the plan): take a new model, draw a step. The playground keeps them in one list
// and calls each inside a guard, so a failure in one shows in it and leaves the others drawn.
// (The Settings and errors panes are not panes of a model: they show the script and the run.)

import type { QueryModel } from '../model';

export interface Pane {
  /** Where the pane is drawn; a failure to draw is reported in it. */
  readonly element: HTMLElement;
  /** The model of the query shown (null: no query ran, nothing to draw). */
  setModel(model: QueryModel | null): void;
  /** Draws the state after step `pos` (1-based). */
  show(pos: number): void;
}
