import { Link } from 'react-router-dom';
import { FreeRemovalsBar } from '../../ui/FreeRemovalsBar';
import type { UpgradeItem } from './groupMenuItems';

export interface UpgradeMenuItemProps {
  item: UpgradeItem;
}

/** The upgrade offer under the group menu: PRO with the free removals left, or annual billing. */
export function UpgradeMenuItem({ item }: UpgradeMenuItemProps) {
  return (
    <Link to={item.to} className={`upgrade-item upgrade-item--${item.kind}`}>
      <span className="upgrade-item__head">
        <span className="upgrade-item__icon pi pi-star-fill" aria-hidden="true" />
        <span className="upgrade-item__text">
          <span className="upgrade-item__label">{item.label}</span>
          {item.kind === 'annual' && <span className="upgrade-item__note">{item.note}</span>}
        </span>
      </span>
      {item.kind === 'pro' && item.freeRemovals && (
        <span className="upgrade-item__removals">
          <span>
            {item.freeRemovals.left} of {item.freeRemovals.limit} free removals left
          </span>
          <FreeRemovalsBar left={item.freeRemovals.left} limit={item.freeRemovals.limit} />
        </span>
      )}
    </Link>
  );
}
