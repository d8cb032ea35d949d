/** The notice a page's address names (`?id=`, digits), or '' when it names none or something else. */
export function noticeIdParam(params: URLSearchParams): string {
  const id = params.get('id') ?? '';
  return /^\d{1,16}$/.test(id) ? id : '';
}
