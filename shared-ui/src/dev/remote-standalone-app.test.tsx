import { lazy, type ComponentType } from 'react';
import { act, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { routesOf, type RemotePages } from 'shared-contracts';
import { useToast } from '../toast/toast-context';
import { mountRemoteStandalone } from './remote-standalone-app';

const REMOTE = 'mf-engagement';

function SeminarPage() {
  // These throw unless the standalone page provides what the host would.
  useQueryClient();
  useToast();
  return <h1>الندوة {useParams().id}</h1>;
}

// One lazy page per route of the table, each a heading naming its page id.
const pages = Object.fromEntries(
  routesOf(REMOTE).map((route) => [
    route.pageId,
    lazy<ComponentType>(async () => ({
      default: route.pageId === 'seminars.show' ? SeminarPage : () => <h1>{route.pageId}</h1>,
    })),
  ]),
) as RemotePages<typeof REMOTE>;

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  unmount = undefined;
  document.body.innerHTML = '';
});

async function mountAt(path: string) {
  window.history.replaceState(null, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  container.id = 'root';
  await act(async () => {
    ({ unmount } = mountRemoteStandalone({ remote: REMOTE, pages }));
  });
}

describe('mountRemoteStandalone', () => {
  it("lists the remote's pages at /, parameterised ones with a sample id", async () => {
    await mountAt('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'الندوات والاستبيانات' }),
    ).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toHaveLength(routesOf(REMOTE).length);
    expect(hrefs).toContain('/seminar');
    expect(hrefs).toContain('/seminar/show/1');
    expect(hrefs).toContain('/survey/rates/1/create');
  });

  it('renders a lazy page on its route inside the providers the host would give it', async () => {
    await mountAt('/seminar/show/42');
    expect(await screen.findByRole('heading', { name: 'الندوة 42' })).toBeInTheDocument();
  });

  it('needs #root when no container is given', () => {
    expect(() => mountRemoteStandalone({ remote: REMOTE, pages })).toThrow(
      '#root is missing from the page',
    );
  });
});
