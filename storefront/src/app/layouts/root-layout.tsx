import { RouteGuard } from '../guards/route-guard';
import { ScrollRestorer } from '../scroll-restoration';

/** Element of the root route: scroll restoration for every page, then the guards. */
export function RootLayout() {
  return (
    <>
      <ScrollRestorer />
      <RouteGuard />
    </>
  );
}
