// A stand-in IntersectionObserver for tests: each instance records what it observes, and the test sends its reports.
export type Report = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** Installs a stand-in IntersectionObserver; returns its instances, whose reports the test sends. */
export function fakeIntersectionObserver() {
  const observers: {
    report: Report;
    options?: IntersectionObserverInit;
    observed: Element[];
    disconnected: boolean;
  }[] = [];
  class FakeIntersectionObserver {
    private readonly record;
    constructor(report: Report, options?: IntersectionObserverInit) {
      this.record = { report, options, observed: [] as Element[], disconnected: false };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return observers;
}

/** Reports every observed element of every live observer as on screen. */
export function reportAllNear(observers: ReturnType<typeof fakeIntersectionObserver>): void {
  for (const observer of observers) if (!observer.disconnected) observer.report([{ isIntersecting: true }]);
}
