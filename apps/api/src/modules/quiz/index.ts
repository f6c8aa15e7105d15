export { quizRoutes } from './routes.js';
