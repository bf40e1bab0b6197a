// The timeline (a canvas of lanes, windows, watermarks and outputs) and the helpers other parts
// of the page share with it: lane colours and short window labels.

export { type DragAxis, Timeline, type TimelineOptions } from './view';
export { LANE_COLORS, lateWhy, shortWindow } from './style';
export { heldBackMatters } from './paint-watermarks';
