import { useEffect, useRef } from 'preact/hooks';

/**
 * A bar chart (Chart.js, only its bar parts, loaded with the page that needs it). The canvas carries a
 * text alternative, and the same numbers are in a table beside it for screen readers.
 */
export function BarChart({ labels, values, label, caption }: { labels: string[]; values: number[]; label: string; caption: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
      if (!live || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: [{ label, data: values, backgroundColor: '#0b4f8a' }] },
        options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } } },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [labels.join(), values.join()]);
  return (
    <figure>
      <div class="chart">
        <canvas ref={canvas} role="img" aria-label={caption} />
      </div>
      <figcaption class="sr-only">{caption}</figcaption>
    </figure>
  );
}
