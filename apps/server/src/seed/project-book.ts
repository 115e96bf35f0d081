import type { DemoProjects } from './demo-world.js';

type Made = { id: string; name: string; partnerId: string; businessId: string; currency: 'INR' | 'USD' };

/** Collects the projects by name for the history (history/), with their business's name. */
export const projectBook = () => {
  const projects: DemoProjects = {};
  const keep = async <T extends Made>(made: Promise<T>, business: { displayName: string }) => {
    const project = await made;
    projects[project.name] = {
      id: project.id,
      name: project.name,
      partnerId: project.partnerId,
      businessId: project.businessId,
      businessName: business.displayName,
      currency: project.currency,
    };
    return project;
  };
  return { projects, keep };
};

/** Records a project made for the demo in the book, under its name. */
export type Keep = ReturnType<typeof projectBook>['keep'];
