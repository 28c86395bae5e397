import { useEffect, useRef, type ReactNode } from 'react';

export const sidebarId = 'pg-sidebar';

interface SidebarProps {
  mode: 'column' | 'drawer';
  /** Whether the drawer is open (ignored as a column). */
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The playground's sidebar: a column beside the chat, or a modal drawer. Open, the drawer is a
 * labelled dialog: focus moves into it (and back to what opened it when it closes), Escape and a
 * click outside close it, and the page behind is `inert` (the caller sets it on the chat).
 *
 * @example
 * <Sidebar mode={mode} open={menuOpen} onClose={() => setMenuOpen(false)}>…</Sidebar>
 */
export function Sidebar({ mode, open, onClose, children }: SidebarProps) {
  const drawerOpen = mode === 'drawer' && open;
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => {
      // Back to the menu button, unless something outside the drawer took focus meanwhile (a dialog, the composer).
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body || document.getElementById(sidebarId)?.contains(focused);
      if (opener?.isConnected && lost) opener.focus();
    };
  }, [drawerOpen]);
  return (
    <>
      {drawerOpen && <div className="pg-backdrop" aria-hidden="true" onClick={onClose} />}
      {/* One element in both modes (its contents keep their state): a div, as `aside` may not be a dialog. */}
      <div
        id={sidebarId}
        className="pg-sidebar"
        data-mode={mode}
        data-open={drawerOpen || undefined}
        role={drawerOpen ? 'dialog' : 'complementary'}
        aria-modal={drawerOpen || undefined}
        aria-label={drawerOpen ? 'Menu' : 'Sidebar'}
        onKeyDown={(event) => {
          if (drawerOpen && event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        {drawerOpen && (
          <button ref={closeRef} type="button" className="pg-icon-button pg-drawer-close" aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </button>
        )}
        {children}
      </div>
    </>
  );
}

export function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path d="M3 5h12M3 9h12M3 13h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path d="M4.5 4.5l9 9M13.5 4.5l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
