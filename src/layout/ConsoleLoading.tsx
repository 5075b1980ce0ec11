// What shows while a chunk of the console is on its way (src/index.css draws it).
export function ConsoleLoading() {
  return <div className="console-loading" aria-busy="true" />;
}
