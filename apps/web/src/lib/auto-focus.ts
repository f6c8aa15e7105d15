import { options, type Ref, type VNode } from 'preact';

/**
 * `autoFocus` as React DOM gives it, on Preact (docs/decisions/0019-portal-loading.md, "Preact"):
 * the element takes the focus when it is mounted. Preact only writes the `autofocus` attribute,
 * which a browser honours once per page load, before anything has had the focus: the quick search's
 * field opened on Ctrl+K, or the sign-in form reached by signing out, would stay unfocused.
 * Imported first by main.tsx (and by the unit tests' setup), before anything renders.
 */
const focused = new WeakSet<Element>();

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

const previous = options.vnode?.bind(options);
options.vnode = (vnode: VNode<{ autoFocus?: boolean; autofocus?: boolean }>) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && props && (props.autoFocus || props.autofocus)) {
    delete props.autoFocus;
    delete props.autofocus;
    const own = vnode.ref as Ref<Element> | undefined;
    (vnode as VNode & { ref: Ref<Element> }).ref = (el: Element | null) => {
      setRef(own, el);
      // Once per element: the ref runs again on every render that passes a new function.
      if (el instanceof HTMLElement && !focused.has(el)) {
        focused.add(el);
        el.focus();
      }
    };
  }
  previous?.(vnode);
};
