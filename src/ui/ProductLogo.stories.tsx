import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductLogo } from './ProductLogo';

const meta = {
  title: 'UI/ProductLogo',
  component: ProductLogo,
} satisfies Meta<typeof ProductLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Small: Story = { args: { size: 24 } };
