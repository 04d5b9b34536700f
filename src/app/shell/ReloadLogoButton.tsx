import { ProductLogo } from '../../ui/ProductLogo';

export interface ReloadLogoButtonProps {
  onReloadApp(): void;
}

/** The product logo; clicking it reloads the app and the extension. */
export function ReloadLogoButton({ onReloadApp }: ReloadLogoButtonProps) {
  return (
    <button
      type="button"
      className="shell-brand"
      onClick={onReloadApp}
      aria-label="xFilter: reload the app and the extension"
      title="Reload the app and the extension"
    >
      <ProductLogo size={32} />
      <span className="shell-brand__name">xFilter</span>
    </button>
  );
}
