import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primeicons/primeicons.css';
import '../src/styles/global.css';
import type { Preview } from '@storybook/react-vite';
import { AppProviders } from '../src/app/providers';

const preview: Preview = {
  decorators: [
    (Story) => (
      <AppProviders>
        <Story />
      </AppProviders>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
};

export default preview;
