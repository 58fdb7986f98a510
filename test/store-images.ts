// The store pictures that are compositions rather than plain screenshots, as HTML pages that
// test/screenshots.ts renders in the same headless Chromium: the popup shown over the page it registers,
// and the promo tile. Pure functions: the images they place are real screenshots (or the real icon).

/** Chrome Web Store sizes: screenshots 1280×800, the small promo tile 440×280. */
export const STORE_SCREENSHOT = { width: 1280, height: 800 } as const;
export const PROMO_TILE = { width: 440, height: 280 } as const;

/** The page area of the browser window drawn in popup screenshots: the page is shot at this size. */
export const BROWSER_CONTENT = { width: 760, height: 656 } as const;

/** The popup is drawn at this zoom in store screenshots, so that its text stays readable when scaled down. */
export const STORE_POPUP_ZOOM = 1.25;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif";
const BRAND = '#0b57a4';

export interface PopupOverPage {
  /** A screenshot of the web page the popup was opened on (data: URL), at BROWSER_CONTENT's size. */
  page: string;
  /** That page's address, shown in the drawn address bar. */
  pageUrl: string;
  /** The popup's screenshot (data: URL), already at STORE_POPUP_ZOOM. */
  popup: string;
  popupWidth: number;
  /** The extension's icon (data: URL), drawn on the toolbar where the popup opens from. */
  icon: string;
  headline: string;
  detail: string;
}

/**
 * A caption on the left; on the right a simple browser window showing the page, with the popup open
 * under the extension's toolbar button, where the browser shows it.
 */
export function popupOverPageHtml(shot: PopupOverPage): string {
  const { width, height } = STORE_SCREENSHOT;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${width}px; height: ${height}px; overflow: hidden; position: relative; font-family: ${FONT};
    background: linear-gradient(135deg, ${BRAND} 0%, #083f78 100%); }
  .caption { position: absolute; left: 56px; top: 0; bottom: 0; width: 390px; display: flex; flex-direction: column; justify-content: center; color: #fff; }
  .caption h1 { font-size: 40px; line-height: 1.15; font-weight: 700; letter-spacing: -0.01em; }
  .caption p { margin-top: 20px; font-size: 21px; line-height: 1.45; color: #dce8f6; }
  .window { position: absolute; left: 480px; top: 48px; width: ${BROWSER_CONTENT.width}px; height: ${BROWSER_CONTENT.height + 48}px; border-radius: 12px; overflow: hidden;
    background: #fff; box-shadow: 0 24px 64px rgba(0, 0, 0, 0.35); }
  .toolbar { height: 48px; background: #e9edf3; border-bottom: 1px solid #d3d9e3; display: flex; align-items: center; gap: 10px; padding: 0 14px; }
  .dot { width: 12px; height: 12px; border-radius: 50%; background: #c5ccd8; }
  .address { flex: 1; margin-left: 10px; height: 30px; border-radius: 15px; background: #fff; color: #3b4458; font-size: 14px;
    display: flex; align-items: center; padding: 0 14px; white-space: nowrap; overflow: hidden; }
  .button { width: 32px; height: 32px; border-radius: 50%; background: #cfd9e8; display: flex; align-items: center; justify-content: center; }
  .button img { width: 20px; height: 20px; display: block; }
  .page { display: block; width: ${BROWSER_CONTENT.width}px; height: ${BROWSER_CONTENT.height}px; }
  .popup { position: absolute; top: 44px; right: 10px; width: ${shot.popupWidth}px; border-radius: 8px; overflow: hidden;
    box-shadow: 0 12px 36px rgba(0, 0, 0, 0.32), 0 0 0 1px rgba(0, 0, 0, 0.14); background: #fff; }
  .popup img { display: block; width: ${shot.popupWidth}px; }
</style></head><body>
  <div class="caption"><h1>${escapeHtml(shot.headline)}</h1><p>${escapeHtml(shot.detail)}</p></div>
  <div class="window">
    <div class="toolbar"><span class="dot"></span><span class="dot"></span><span class="dot"></span>
      <span class="address">${escapeHtml(shot.pageUrl)}</span><span class="button"><img src="${shot.icon}" alt=""></span></div>
    <img class="page" src="${shot.page}" alt="">
    <div class="popup"><img src="${shot.popup}" alt=""></div>
  </div>
</body></html>`;
}

/** The height of the caption band above a page in captioned screenshots; the page fills the rest. */
export const CAPTION_BAND_HEIGHT = 112;

export interface CaptionedPage {
  /** A screenshot of an extension page (data: URL), STORE_SCREENSHOT's width and the height below the band. */
  page: string;
  headline: string;
  detail: string;
}

/** An extension page as it is, under a caption band in the brand colour. */
export function captionedPageHtml(shot: CaptionedPage): string {
  const { width, height } = STORE_SCREENSHOT;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${width}px; height: ${height}px; overflow: hidden; font-family: ${FONT}; background: #fff; }
  header { height: ${CAPTION_BAND_HEIGHT}px; padding: 0 56px; display: flex; flex-direction: column; justify-content: center;
    background: linear-gradient(135deg, ${BRAND} 0%, #083f78 100%); color: #fff; }
  h1 { font-size: 32px; font-weight: 700; letter-spacing: -0.01em; }
  p { margin-top: 6px; font-size: 19px; color: #dce8f6; }
  img { display: block; width: ${width}px; height: ${height - CAPTION_BAND_HEIGHT}px; }
</style></head><body>
  <header><h1>${escapeHtml(shot.headline)}</h1><p>${escapeHtml(shot.detail)}</p></header>
  <img src="${shot.page}" alt="">
</body></html>`;
}

export interface PromoTile {
  /** The extension's 128 px icon (data: URL). */
  icon: string;
  name: string;
  pitch: string;
}

/** The 440×280 promo tile: the icon, the name and a one-line pitch, on the brand colour. */
export function promoTileHtml(tile: PromoTile): string {
  const { width, height } = PROMO_TILE;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${width}px; height: ${height}px; overflow: hidden; font-family: ${FONT};
    background: linear-gradient(135deg, ${BRAND} 0%, #083f78 100%); color: #fff;
    display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
  img { width: 96px; height: 96px; border-radius: 20px; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3), 0 0 0 2px rgba(255, 255, 255, 0.85); }
  h1 { margin-top: 22px; font-size: 34px; font-weight: 700; letter-spacing: -0.01em; }
  p { margin-top: 10px; font-size: 17px; color: #dce8f6; padding: 0 28px; line-height: 1.35; }
</style></head><body>
  <img src="${tile.icon}" alt="">
  <h1>${escapeHtml(tile.name)}</h1>
  <p>${escapeHtml(tile.pitch)}</p>
</body></html>`;
}

/** The width and height a PNG declares in its header. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
