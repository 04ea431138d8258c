import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterContent } from './AfterContent';

/** Notes, as its commit lands, whether the frame's part is on the page yet. */
function Content({ seen }: { seen: boolean[] }) {
  useLayoutEffect(() => {
    seen.push(screen.queryByRole('button', { name: 'Profil' }) !== null);
  }, [seen]);
  return <h1>Le contenu</h1>;
}

describe('AfterContent', () => {
  it("commits the screen's content first, then the frame's part it holds", () => {
    const seen: boolean[] = [];
    render(
      <>
        <AfterContent fallback={<span>place gardée</span>}>
          <button type="button">Profil</button>
        </AfterContent>
        <Content seen={seen} />
      </>,
    );
    // The content's first commit came without the button (its place held by the fallback)...
    expect(seen).toEqual([false]);
    // ...and the button followed in the background, within the same act.
    expect(screen.getByRole('button', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.queryByText('place gardée')).not.toBeInTheDocument();
  });
});
