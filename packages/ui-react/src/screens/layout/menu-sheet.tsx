import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import './menu-sheet.css';

/** Props of {@link MenuSheet}. */
export interface MenuSheetProps {
  open: boolean;
  /** Its heading, which names it. */
  title: string;
  /** The accessible name of its close button. */
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * The side menu of the phone and tablet layout: a sheet from the left, the browser's own modal
 * `<dialog>` (the page behind it inert, the focus kept inside and given back on close, Escape
 * closing it), closed by its button, a tap beside it, or Escape.
 */
export function MenuSheet({ open, title, closeLabel, onClose, children }: MenuSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="gportal-menu-sheet"
      aria-label={title}
      onClose={onClose}
      // A tap on the backdrop is a click on the dialog itself; the sheet's content fills it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="gportal-menu-sheet-body">
        <div className="gportal-menu-sheet-head">
          <strong>{title}</strong>
          <button type="button" className="gportal-menu-sheet-close" aria-label={closeLabel} onClick={onClose}>
            <CloseOutlined aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
