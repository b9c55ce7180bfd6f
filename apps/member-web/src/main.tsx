import { mountApp } from '@app/client';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

mountApp(<App router={createAppRouter()} />);
