// The route table's layouts are core's `pageLayout`, the rule the server's page shell draws its
// first frame by: a route framed one way by the app and another by the shell would flash.
import { pageLayout } from 'tingshu-wasm-pages';
import { patterns } from '@/lib/paths';
import { routeTable } from './route-table';

describe('the route table', () => {
  it('has routes of every layout', () => {
    expect(new Set(routeTable.map((route) => route.layout))).toEqual(new Set(['default', 'simple', 'admin', 'none']));
  });

  it.each(routeTable.map((route) => [route.name, route.layout] as const))(
    'frames %s in the layout core gives its pattern (%s)',
    (name, layout) => {
      expect(pageLayout({ path: patterns[name] })).toBe(layout);
      expect(pageLayout({ path: `/en${patterns[name]}` })).toBe(layout);
    },
  );
});
