/** The Template messages screen of a project (doc 2 section 2.3) and a template's detail under it. */
export const templatePath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/manage/template-message`;
export const templateDetailPath = (projectId: string, templateId: string) =>
  `${templatePath(projectId)}/${encodeURIComponent(templateId)}`;
