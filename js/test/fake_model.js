/** The anywidget model the front end talks to, in memory: get/set/on/off/send as anywidget
 * gives them, what the view sent, and custom messages from Python. Shared by the JS tests. */
export class FakeModel {
  constructor(state, text) {
    this.data = { _state: state, _text: text };
    this.handlers = new Map();
    this.sent = [];
  }
  get(key) {
    return this.data[key];
  }
  set(key, value) {
    this.data[key] = value;
    for (const fn of this.handlers.get(`change:${key}`) || []) fn();
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    this.handlers.get(event)?.delete(fn);
  }
  send(msg) {
    this.sent.push(msg);
  }
  /** A custom message from Python (widget.send), as anywidget delivers it. */
  receive(msg) {
    for (const fn of this.handlers.get("msg:custom") || []) fn(msg, []);
  }
  listenerCount() {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }
}
