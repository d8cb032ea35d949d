import { AppLink } from '../../../components/app-link';
import card from '../../../components/card.module.css';
import { usePortalConfig } from '../../../lib/portal-config-context';

export function RecommendedReadingCard() {
  const config = usePortalConfig();
  return (
    <section className={card.card} aria-labelledby="recommended-reading-title">
      <h2 id="recommended-reading-title" className={card.cardTitle}>
        Recommended Reading
      </h2>
      <ul className={card.linkList}>
        {config.recommendedReading.map((item) => (
          <li key={item.href}>
            <AppLink href={item.href} className={card.linkTitle}>
              {item.label}
            </AppLink>
            <p className={card.linkText}>{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
