import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { LANDING_LOAD_FAILED, LANDING_NOT_FOUND, LandingPageError, useLandingPage } from '../api/get-landing-page';
import { BN } from '../utils/bn';

import { LandingView } from './landing-view';

import '../landing.css';

export const PRODUCT_NOT_FOUND = 'Product not found';

function LandingStatus({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="landing-status">
      <div role="alert">
        <h1 className="landing-status__title">{title}</h1>
      </div>
      <div className="landing-status__actions" lang="bn">
        {children}
        <Link to="/" className="landing-status__link">
          {BN.backHome}
        </Link>
      </div>
    </main>
  );
}

/** /landing/{slug}: loads the page once per visit and shows it, or why it cannot (SPEC section 8). */
export function LandingPageScreen({ slug }: { slug: string }) {
  const page = useLandingPage(slug);

  if (page.isPending) {
    return (
      <main className="landing-status" aria-busy="true" lang="bn">
        <p className="landing-status__loading">{BN.loading}</p>
      </main>
    );
  }
  if (page.isError) {
    const notFound = page.error instanceof LandingPageError && page.error.kind === 'not-found';
    return notFound ? (
      <LandingStatus title={LANDING_NOT_FOUND} />
    ) : (
      <LandingStatus title={LANDING_LOAD_FAILED}>
        <button
          type="button"
          className="landing-status__retry"
          disabled={page.isFetching}
          onClick={() => void page.refetch()}
        >
          {BN.retry}
        </button>
      </LandingStatus>
    );
  }
  const product = page.data.productId;
  if (!product) return <LandingStatus title={PRODUCT_NOT_FOUND} />;
  return <LandingView page={page.data} product={product} />;
}
