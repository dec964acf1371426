// Where the mini player goes in a layout: nothing until something plays, then the bar (its code
// and styles are fetched at that moment, not with the first load).
import { lazy, Suspense } from 'react';
import { usePlayerState } from './player-context';
import { playerShown } from './player-controller';

const PlayerBar = lazy(() => import('./player-bar').then((module) => ({ default: module.PlayerBar })));

export function PlayerSlot() {
  const state = usePlayerState();
  if (!playerShown(state)) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  );
}
