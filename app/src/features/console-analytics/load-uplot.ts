// Fetches uPlot and its style on first use: the chart library stays out of every other page's code.
export async function loadUPlot() {
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return UPlot;
}
