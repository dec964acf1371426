// The player's public face for pages and the app shell.
export { PlayerProvider, usePlayerController, usePlayerState } from './player-context';
export { PlayerSlot } from './player-slot';
export { AccessNotice } from './access-notice';
export type { PlayerState } from './player-controller';
