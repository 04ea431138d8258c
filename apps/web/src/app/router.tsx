import { createBrowserRouter, createMemoryRouter, createPath } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { followLanding, landingStarts } from './first-requests';
import { areaRoutes, routes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

function register(router: AppRouter): AppRouter {
  registerNavigator({
    navigate: (to, options) => router.navigate(to, options),
    location: () => createPath(router.state.location),
  });
  followLanding(router);
  return router;
}

export function createAppRouter(): AppRouter {
  return register(createBrowserRouter(routes, { patchRoutesOnNavigation: areaRoutes }));
}

/** The same routes in memory, for tests that render a route. */
export function createTestRouter(initialPath: string): AppRouter {
  landingStarts();
  return register(createMemoryRouter(routes, { initialEntries: [initialPath], patchRoutesOnNavigation: areaRoutes }));
}
