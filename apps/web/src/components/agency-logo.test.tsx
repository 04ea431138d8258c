import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { AgencyLogo } from './AgencyLogo';

const logo = (logoFilePath: string | null, size?: number) =>
  render(
    <AppProviders env="test">
      <AgencyLogo name="Thermi'Nord Lille" logoFilePath={logoFilePath} size={size} />
    </AppProviders>,
  );

describe('AgencyLogo', () => {
  it("asks the file store for the logo's preview, twice the size shown", () => {
    logo('/api/files/86', 36);
    expect(screen.getByRole('img', { name: "Logo de Thermi'Nord Lille" })).toHaveAttribute('src', '/api/files/86?width=96');
  });

  it('takes the larger preview for a large logo, and keeps another address as it is', () => {
    const { unmount } = logo('/api/files/86', 60);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/api/files/86?width=192');
    unmount();
    logo('https://cdn.example.fr/logo.png', 36);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'https://cdn.example.fr/logo.png');
  });

  it("shows the agency's initials without a usable address", () => {
    logo('logo.png');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('TN')).toBeInTheDocument();
  });
});
