/** The live module's public face: how any module tells browsers to read a list again, and the stream they listen on. */

export { registerLiveRoutes } from './live.routes';
export { type LiveEvent, publishLiveEvent } from './live-events';
export { createLiveHub, type LiveHub } from './live-hub';
