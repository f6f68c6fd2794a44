import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/button';
import { config } from '@/lib/config';

export function HomeRoute() {
  return (
    <section className="home-hero">
      <h1>Welcome to {config.shopName}</h1>
      <p>Clothing, footwear and accessories for the whole family.</p>
      <Link to="/shop/list" className={buttonClass('primary')}>
        Shop all products
      </Link>
    </section>
  );
}
